export { POST } from "../../v2/gift-cards/route";
