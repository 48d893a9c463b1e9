export { POST } from "../../v2/topup/route";
