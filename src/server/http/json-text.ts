/**
 * A 200 answer whose JSON body is already text (written by PostgreSQL, say), sent as c.json would
 * send it, without parsing and serialising it again.
 */
export function jsonText(body: string): Response {
  return new Response(body, { headers: { "content-type": "application/json" } });
}
