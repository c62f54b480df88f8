-- Conversation reports join the one moderation queue (modules/trust): each open or resolved report is kept.
INSERT INTO "report" ("id", "kind", "target_id", "reporter_id", "reason", "created_at", "resolved_at", "resolution")
SELECT "id", 'conversation', "conversation_id", "reporter_id", "reason", "created_at", "resolved_at",
  CASE WHEN "resolved_at" IS NOT NULL THEN 'dismiss' END
FROM "conversation_report"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "conversation_report" CASCADE;
