export { GET } from "../v2/balance/route";
