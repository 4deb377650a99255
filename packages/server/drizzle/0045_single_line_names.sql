-- R-TEXT-3: names and titles stored before R-TEXT-1 put on one line with the same rule as core's
-- singleLine: line breaks and tabs (CR, LF, TAB, VT, FF, NEL, U+2028, U+2029) become a space, the
-- other control characters and the bidirectional marks go, runs of whitespace (JavaScript's \s)
-- become one space, the ends are trimmed. A value that would become empty keeps its value.
CREATE FUNCTION loop_single_line(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(value, '[\t\n\v\f\r\u0085\u2028\u2029]', ' ', 'g'),
        '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]', '', 'g'),
      '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'),
    ' ')
$$;--> statement-breakpoint
UPDATE organizations SET name = loop_single_line(name)
  WHERE name <> loop_single_line(name) AND loop_single_line(name) <> '';--> statement-breakpoint
UPDATE users SET name = loop_single_line(name)
  WHERE name <> loop_single_line(name) AND loop_single_line(name) <> '';--> statement-breakpoint
UPDATE surveys SET title = loop_single_line(title)
  WHERE title <> loop_single_line(title) AND loop_single_line(title) <> '';--> statement-breakpoint
UPDATE contacts SET
    name = loop_single_line(name),
    search_text = loop_single_line(search_text),
    name_key = loop_single_line(name_key)
  WHERE name <> loop_single_line(name) AND loop_single_line(name) <> '';--> statement-breakpoint
DROP FUNCTION loop_single_line(text);
