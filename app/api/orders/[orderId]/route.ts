export { GET } from "../../v2/order/[orderId]/route";
