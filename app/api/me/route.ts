export { GET } from "../v2/me/route";
