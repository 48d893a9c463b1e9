export { GET } from "../v2/orders/route";
