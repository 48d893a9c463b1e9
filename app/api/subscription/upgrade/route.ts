export { POST } from "../../v2/subscription/upgrade/route";
