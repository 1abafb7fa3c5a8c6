-- How a customer is named to someone who should not learn who they are (confirmation of payee,
-- both sides of a transfer, the public check of a signed statement): the initial of each word of
-- the name, never its length — "Amira Haddad" → "A*** H***"; with no name, the first letters of
-- the address around its top-level domain — "amira@example.com" → "a***@e***.com".
CREATE OR REPLACE FUNCTION masked_name(p_full_name text, p_email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT string_agg(left(w.word, 1) || '***', ' ' ORDER BY w.n)
     FROM regexp_split_to_table(coalesce(p_full_name, ''), '\s+') WITH ORDINALITY AS w(word, n)
     WHERE w.word <> ''),
    left(split_part(p_email, '@', 1), 1) || '***@' || left(split_part(p_email, '@', 2), 1) || '***'
      || coalesce(substring(split_part(p_email, '@', 2) FROM '\.[^.]*$'), ''));
$$;
