export { GET } from "../v2/subscription/route";
