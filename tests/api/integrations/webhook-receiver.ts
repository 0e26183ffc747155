import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 (reachable only under the test-only loopback configuration). */
export async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = status;
      response.end(status === 200 ? "ok" : "indisponível");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/nexo`,
    received,
    answerWith(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
