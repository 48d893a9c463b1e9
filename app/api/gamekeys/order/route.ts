export { POST } from "../../v2/game-keys/route";
