export { GET } from "../v2/transactions/route";
