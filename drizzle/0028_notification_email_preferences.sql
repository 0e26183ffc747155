-- E-mail per event type (issue 15 §2): each user's choice of which notification kinds also come
-- by e-mail (a kind without a row takes the product's default), and when a notification's e-mail
-- was queued, so a retried job never mails it twice.
CREATE TABLE notification_email_preferences (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, user_id, kind)
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notification_email_preferences TO nexo_app;
--> statement-breakpoint
ALTER TABLE notification_email_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notification_email_preferences TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())))
  WITH CHECK ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())));
--> statement-breakpoint
ALTER TABLE notifications ADD COLUMN emailed_at timestamptz;
