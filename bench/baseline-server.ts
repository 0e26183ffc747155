import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** The baseline: a bare Hono hello-world on the same runtime, so every ratio is hardware-independent. */
const app = new Hono();
app.get("/", (c) => c.text("Hello Hono!"));
app.get("/api/health", (c) => c.json({ status: "ok" }));

const port = Number(process.env.PORT ?? 3300);
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
