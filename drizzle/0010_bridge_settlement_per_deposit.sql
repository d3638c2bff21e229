DROP INDEX "bridge_settlements_origin_tx_unique";--> statement-breakpoint
ALTER TABLE "bridge_settlements" ADD COLUMN "deposit_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_settlements_origin_deposit_unique" ON "bridge_settlements" USING btree ("origin_chain_id","origin_tx_hash",coalesce("deposit_fingerprint", ''));