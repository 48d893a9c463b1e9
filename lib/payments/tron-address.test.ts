import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { describe, expect, it } from "vitest";
import { ACCOUNT_PATH, generateSandboxXpub, isUsableXpub } from "@/lib/crypto/extended-keys";
import { deriveDepositAddress } from "./deposit-keys";
import { isTronAddress } from "./tron-address";

// BIP32 test vector 1: the public key of m/0H, and its public child m/0H/1 as the BIP publishes them.
const VECTOR1_M_0H = "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw";
const VECTOR1_M_0H_1 = "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ";

// The well-known test mnemonic; its first TRON address (m/44'/195'/0'/0/0) is the one every TRON wallet shows for it.
const TEST_MNEMONIC = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const TEST_MNEMONIC_FIRST_ADDRESS = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";

describe("deposit address derivation", () => {
  it("derives public children as BIP32 test vector 1 publishes them", () => {
    expect(HDKey.fromExtendedKey(VECTOR1_M_0H).deriveChild(1).publicExtendedKey).toBe(VECTOR1_M_0H_1);
  });

  it("gives the known TRON address at m/44'/195'/0'/0/0 of the test mnemonic, from the account xpub alone", () => {
    const xpub = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC)).derive(ACCOUNT_PATH).publicExtendedKey;
    expect(deriveDepositAddress(xpub, 0)).toBe(TEST_MNEMONIC_FIRST_ADDRESS);
    const second = deriveDepositAddress(xpub, 1);
    expect(second).not.toBe(TEST_MNEMONIC_FIRST_ADDRESS);
    expect(isTronAddress(second)).toBe(true);
  });

  it("generates a sandbox xpub that holds no private key and yields distinct valid addresses", () => {
    const xpub = generateSandboxXpub();
    expect(xpub).toMatch(/^xpub/);
    expect(isUsableXpub(xpub)).toBe(true);
    const addresses = new Set([0, 1, 2, 3].map((i) => deriveDepositAddress(xpub, i)));
    expect(addresses.size).toBe(4);
    for (const address of addresses) expect(isTronAddress(address)).toBe(true);
  });

  it("refuses an extended private key or garbage as TRON_XPUB", () => {
    const xprv = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC)).derive(ACCOUNT_PATH).privateExtendedKey;
    expect(isUsableXpub(xprv)).toBe(false);
    expect(isUsableXpub("xpub-not-a-key")).toBe(false);
  });
});

describe("isTronAddress", () => {
  it("accepts real addresses", () => {
    expect(isTronAddress(TEST_MNEMONIC_FIRST_ADDRESS)).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
  });

  it("refuses a corrupted character, a changed case, a wrong length and a bitcoin address", () => {
    const flipped = TEST_MNEMONIC_FIRST_ADDRESS.slice(0, 10) + (TEST_MNEMONIC_FIRST_ADDRESS[10] === "a" ? "b" : "a") + TEST_MNEMONIC_FIRST_ADDRESS.slice(11);
    expect(isTronAddress(flipped)).toBe(false);
    expect(isTronAddress(TEST_MNEMONIC_FIRST_ADDRESS.replace("Sd", "sd"))).toBe(false);
    expect(isTronAddress(TEST_MNEMONIC_FIRST_ADDRESS.slice(0, -1))).toBe(false);
    expect(isTronAddress("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toBe(false);
    expect(isTronAddress("")).toBe(false);
  });
});
