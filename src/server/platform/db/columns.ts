import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; search reads it, the database writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A search document kept by the database itself: a stored generated column, so it changes in
 * the same statement (and transaction) as the text it indexes. English stemming ('reviewing'
 * and 'reviews' are both 'review'); `weighted` parts rank above the rest (a title above a body).
 */
export const searchDocument = (...parts: [column: string, weight: 'A' | 'B' | 'C' | 'D'][]) =>
  tsvector('search_vector').generatedAlwaysAs(
    sql.raw(
      parts
        .map(
          ([column, weight]) =>
            `setweight(to_tsvector('english', coalesce(${column}, '')), '${weight}')`,
        )
        .join(' || '),
    ),
  );
