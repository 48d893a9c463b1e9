export { GET } from "../../v2/transactions/[transactionId]/route";
