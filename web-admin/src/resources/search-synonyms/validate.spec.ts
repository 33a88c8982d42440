import { validateSynonymGroup } from './validate';

describe('validateSynonymGroup', () => {
  it('accepts 2 to 20 different terms of up to 40 characters, in either language', () => {
    expect(validateSynonymGroup({ terms: ['航拍', 'drone shot'] })).toEqual({});
    expect(validateSynonymGroup({ terms: Array.from({ length: 20 }, (_, i) => `w${i}`) })).toEqual({});
  });

  it('asks for at least 2 different terms', () => {
    const tooFew = { terms: { message: 'app.validation.synonym_terms_min', args: { min: 2 } } };
    expect(validateSynonymGroup({})).toEqual(tooFew);
    expect(validateSynonymGroup({ terms: ['drone'] })).toEqual(tooFew);
    expect(validateSynonymGroup({ terms: ['Drone', 'drone '] })).toEqual(tooFew);
  });

  it('refuses more than 20 terms, and names the term that is empty or too long', () => {
    expect(validateSynonymGroup({ terms: Array.from({ length: 21 }, (_, i) => `w${i}`) })).toEqual({ terms: { message: 'app.validation.synonym_terms_max', args: { max: 20 } } });
    expect(validateSynonymGroup({ terms: ['drone', 'x'.repeat(41)] })).toEqual({ terms: { message: 'app.validation.synonym_term_length', args: { term: 'x'.repeat(41), max: 40 } } });
    expect(validateSynonymGroup({ terms: ['drone', '  '] })).toEqual({ terms: { message: 'app.validation.synonym_term_length', args: { term: '  ', max: 40 } } });
  });
});
