ALTER TABLE "encoded_swaps" DROP CONSTRAINT "encoded_swaps_usage_event_id_usage_events_id_fk";
