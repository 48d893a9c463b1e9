export { POST } from "../../../v2/payments/route";
