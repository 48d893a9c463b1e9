export { POST } from "../../v2/subscription/auto-renew/route";
