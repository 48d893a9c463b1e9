export { POST } from "../../v2/subscription/renew/route";
