import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type AddressPolicy, hostOf, resolvePublicAddress, type VettedAddress } from "./safe-address.ts";

const TIMEOUT_MS = 10_000;
/** How much of a refusal's body the delivery log keeps. */
const MAX_ERROR_BODY = 300;

export type PostResult = { status: number; body: string };

/** Connects to the address already checked, never to what a second DNS answer might say. */
function pinnedLookup({ address, family }: VettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs a delivery: the host is resolved and every address checked (private ones refused) right
 * before connecting, and the connection goes to the checked address (no redirect is followed).
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  policy: AddressPolicy,
): Promise<PostResult> {
  const url = new URL(rawUrl);
  const vetted = await resolvePublicAddress(hostOf(url), policy);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(vetted),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < MAX_ERROR_BODY) text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text.slice(0, MAX_ERROR_BODY) }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`sem resposta em ${TIMEOUT_MS / 1000} s`)));
    request.on("error", reject);
    request.end(body);
  });
}
