ALTER TABLE "subscriptions" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_cancel_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_stripe_subscription_idx" ON "subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_provider_cancel_pending_idx" ON "subscriptions" USING btree ("id") WHERE "subscriptions"."provider_cancel_pending";