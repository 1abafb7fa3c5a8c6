-- Whether trading in an asset is halted at p_at (decision 029): the processes run with a feed
-- (price_feed.stale_after_seconds is set), the feed prices this asset (it has vouched for it
-- before), and its latest word on the price is older than the stale-after. No feed: never.
CREATE OR REPLACE FUNCTION prices_halted(p_symbol text, p_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM price_feed f JOIN price_feed_symbols s ON s.symbol = p_symbol
    WHERE f.id = 1 AND f.stale_after_seconds IS NOT NULL
      AND s.vouched_at < p_at - make_interval(secs => f.stale_after_seconds)
  );
$$;
