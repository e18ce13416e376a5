/**
 * Writes the feed's field list into SECURITY.md (between its markers) from src/core/tableViewFields.ts,
 * the one place the list is kept. test/main/feed-fields.test.ts fails until this has been run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FEED_DOC_END, FEED_DOC_START, feedFieldsMarkdown } from './feed-fields-block';

const file = resolve(import.meta.dirname, '../../SECURITY.md');
const text = readFileSync(file, 'utf8');
const a = text.indexOf(FEED_DOC_START);
const b = text.indexOf(FEED_DOC_END);
if (a === -1 || b < a) throw new Error(`SECURITY.md has no feed field list markers (${FEED_DOC_START} … ${FEED_DOC_END})`);
writeFileSync(file, text.slice(0, a) + feedFieldsMarkdown() + text.slice(b + FEED_DOC_END.length));
console.log('SECURITY.md: feed field list written');
