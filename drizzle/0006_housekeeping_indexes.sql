CREATE INDEX "account_lockouts_locked_until_idx" ON "account_lockouts" USING btree ("locked_until");--> statement-breakpoint
CREATE INDEX "rate_limit_last_request_idx" ON "rate_limit" USING btree ("last_request");--> statement-breakpoint
CREATE INDEX "sign_in_failures_created_idx" ON "sign_in_failures" USING btree ("created_at");