export * from "./tariffs";
export * from "./users";
export * from "./ledger-entries";
export * from "./api-keys";
export * from "./jobs";
