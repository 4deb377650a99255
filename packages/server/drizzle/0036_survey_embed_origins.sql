-- Issue 27, embedding (R-EMBED-1, R-EMBED-2): the website origins allowed to show a survey in a frame.
-- The default keeps every survey as it was: no origin listed, so the answering page refuses every frame.
ALTER TABLE "surveys" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;