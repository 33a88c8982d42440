import { SEARCH_SYNONYM_LIMITS, searchSynonymAdminCreateSchema } from '@mkt/contracts';
import { issueMessage, type SchemaIssue } from '../../common/validation';

type Message = string | { message: string; args: Record<string, unknown> };

/**
 * The synonym form's check, from the same schema the server uses: 2 to 20 terms, each 1 to 40
 * characters, and at least 2 different ones (ignoring case). The server cleans the terms first
 * (punctuation, traditional spelling) and checks again, answering in the console's language.
 */
export function validateSynonymGroup(values: Record<string, unknown>): Record<string, Message> {
  const terms = Array.isArray(values.terms) ? (values.terms as unknown[]) : [];
  const result = searchSynonymAdminCreateSchema.safeParse({ terms });
  if (result.success) {
    const different = new Set(terms.map((term) => String(term).trim().toLowerCase()));
    if (different.size < SEARCH_SYNONYM_LIMITS.minTerms) return { terms: { message: 'app.validation.synonym_terms_min', args: { min: SEARCH_SYNONYM_LIMITS.minTerms } } };
    return {};
  }
  const issue = result.error.issues[0] as SchemaIssue;
  if (issue.path.length > 1) {
    const term = String(terms[Number(issue.path[1])] ?? '');
    return { terms: { message: 'app.validation.synonym_term_length', args: { term, max: SEARCH_SYNONYM_LIMITS.termMaxLength } } };
  }
  if (issue.code === 'too_small') return { terms: { message: 'app.validation.synonym_terms_min', args: { min: SEARCH_SYNONYM_LIMITS.minTerms } } };
  if (issue.code === 'too_big') return { terms: { message: 'app.validation.synonym_terms_max', args: { max: SEARCH_SYNONYM_LIMITS.maxTerms } } };
  return { terms: issueMessage(issue, values.terms) };
}
