/**
 * The feed's field list as it stands in SECURITY.md: the engine's table of fields between the
 * markers that let tools/share/feed-fields-doc.ts rewrite it (and the test find it).
 */
import { feedFieldsTable } from '../../src/core/tableViewFields';

export const FEED_DOC_START =
  '<!-- feed fields: generated from src/core/tableViewFields.ts by the feed-fields-doc tool; do not edit by hand -->';
export const FEED_DOC_END = '<!-- end of feed fields -->';

export const feedFieldsMarkdown = (): string => [FEED_DOC_START, '', ...feedFieldsTable(), '', FEED_DOC_END].join('\n');
