import { DETAIL_FILTERS, DETAILS_RULES, FILTER_VALUES, splitKeywords, type Category, type ContributedMaterial, type DetailFilter } from '@mkt/contracts/web';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../../api/client';
import { catalogueCalls } from '../../api/catalogueCalls';
import { uploadCalls } from '../../api/uploadCalls';
import { Button } from '../../ui/Button';
import styles from './DetailsForm.module.css';
import { KeywordSuggestions, useTagSuggestions } from './KeywordSuggestions';
import { ReleasesField, type ReleaseAnswers } from './ReleasesField';
import './detailsMessages';

type Problem = 'titleZh' | 'titleEn' | 'keywordsZh' | 'keywordsEn' | 'category' | 'people';

/** Filters asked only when people are in the picture. */
const ABOUT_PEOPLE: readonly DetailFilter[] = ['gender', 'race', 'count', 'age'];

/** The same rules the server applies (materialDetailsRequestSchema), said next to the field. */
export function detailsProblems(values: { titleZh: string; titleEn: string; keywordsZh: string[]; keywordsEn: string[]; categoryId: number | null; people: string | null }): Problem[] {
  const problems: Problem[] = [];
  if (!values.titleZh.trim() || values.titleZh.trim().length > DETAILS_RULES.titleMax) problems.push('titleZh');
  if (!values.titleEn.trim() || values.titleEn.trim().length > DETAILS_RULES.titleMax) problems.push('titleEn');
  if (values.keywordsZh.length < DETAILS_RULES.minKeywords) problems.push('keywordsZh');
  if (values.keywordsEn.length < DETAILS_RULES.minKeywords) problems.push('keywordsEn');
  if (!values.categoryId) problems.push('category');
  if (!values.people) problems.push('people');
  return problems;
}

/**
 * The details step of a contributed file: bilingual title, description and keywords, the
 * category and the spec's filters. Saving completes the step; the file then goes to review.
 */
export function DetailsForm({ material, onSaved, onCancel }: { material: ContributedMaterial; onSaved: (material: ContributedMaterial) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [categories, setCategories] = useState<Category[]>([]);
  const [filters, setFilters] = useState<Partial<Record<DetailFilter, string[]>>>(material.filters ?? {});
  const [keywords, setKeywords] = useState({ keywordsZh: material.keywordsZh.join(', '), keywordsEn: material.keywordsEn.join(', ') });
  const [categoryId, setCategoryId] = useState<number | null>(material.categoryId);
  const suggestions = useTagSuggestions(material, splitKeywords(keywords.keywordsZh), splitKeywords(keywords.keywordsEn), categoryId);
  // A suggestion goes after the keywords entered: the first ten count most, and they are the contributor's.
  const addKeyword = (name: 'keywordsZh' | 'keywordsEn', tag: string) =>
    setKeywords((current) => {
      const entered = current[name].replace(/[\s,，、;；]+$/u, '');
      return { ...current, [name]: entered ? `${entered}, ${tag}` : tag };
    });
  const [releases, setReleases] = useState<ReleaseAnswers>({
    recognizablePeople: material.releases?.recognizablePeople ?? null,
    privateProperty: material.releases?.privateProperty ?? null,
    releaseIds: material.releases?.releaseIds ?? [],
  });
  const [releasesAsked, setReleasesAsked] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const load = material.kind === 'video' ? catalogueCalls.videoCategories : catalogueCalls.photoCategories;
    load({ signal: controller.signal })
      .then(setCategories)
      .catch(() => undefined);
    return () => controller.abort();
  }, [material.kind]);

  const people = filters.people?.[0] ?? null;
  const toggle = (name: DetailFilter, value: string) =>
    setFilters((current) => {
      const chosen = current[name] ?? [];
      return { ...current, [name]: chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value] };
    });
  const setPeople = (value: string) =>
    setFilters((current) => (value === 'none' ? { ...Object.fromEntries(Object.entries(current).filter(([name]) => !ABOUT_PEOPLE.includes(name as DetailFilter))), people: [value] } : { ...current, people: [value] }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      titleZh: String(form.get('titleZh') ?? ''),
      titleEn: String(form.get('titleEn') ?? ''),
      descriptionZh: String(form.get('descriptionZh') ?? ''),
      descriptionEn: String(form.get('descriptionEn') ?? ''),
      keywordsZh: splitKeywords(keywords.keywordsZh),
      keywordsEn: splitKeywords(keywords.keywordsEn),
      categoryId: Number(form.get('categoryId')) || null,
    };
    const found = detailsProblems({ ...values, people });
    setProblems(found);
    setReleasesAsked(true);
    setError(null);
    const { recognizablePeople, privateProperty, releaseIds } = releases;
    if (found.length > 0 || recognizablePeople === null || privateProperty === null) return;
    const chosen = Object.fromEntries(Object.entries(filters).filter(([, list]) => list && list.length > 0));
    setSaving(true);
    try {
      onSaved(await uploadCalls.details({ id: material.id, ...values, categoryId: values.categoryId!, filters: chosen, recognizablePeople, privateProperty, releaseIds }));
    } catch (caught) {
      setError(serverMessageOr(caught, t('errors.network')));
    } finally {
      setSaving(false);
    }
  };

  const problem = (name: Problem) =>
    problems.includes(name) ? (
      <span className={styles.problem} role="alert" data-testid={`details-problem-${name}`}>
        {t(`details.problems.${name}`, { min: DETAILS_RULES.minKeywords })}
      </span>
    ) : null;
  const shownFilters = DETAIL_FILTERS.filter((name) => name !== 'people' && (people === 'with-people' || !ABOUT_PEOPLE.includes(name)));

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="details-form">
      <h2 className={styles.heading}>{t('details.title')}</h2>
      <p className={styles.lead}>{t('details.lead')}</p>
      {(['titleZh', 'titleEn'] as const).map((name) => (
        <label key={name} className={styles.field}>
          {t(`details.${name}`)}
          <input name={name} defaultValue={material[name]} maxLength={DETAILS_RULES.titleMax} data-testid={`details-${name}`} aria-invalid={problems.includes(name)} />
          {problem(name)}
        </label>
      ))}
      {(['keywordsZh', 'keywordsEn'] as const).map((name) => {
        const list = splitKeywords(keywords[name]);
        return (
          <div key={name} className={styles.keywordField}>
          <label className={styles.field}>
            {t(`details.${name}`)}
            <input name={name} value={keywords[name]} onChange={(event) => setKeywords((current) => ({ ...current, [name]: event.target.value }))} data-testid={`details-${name}`} aria-invalid={problems.includes(name)} />
            <span className={styles.hint}>
              {t('details.keywordsHint', { min: DETAILS_RULES.minKeywords })} · {t('details.keywordsCount', { count: list.length })}
            </span>
            {list.length > 0 && (
              <span className={styles.chips}>
                {list.map((keyword, index) => (
                  <span key={`${keyword}-${index}`} className={index < 10 ? styles.chipTop : styles.chip}>
                    {keyword}
                  </span>
                ))}
              </span>
            )}
            {problem(name)}
          </label>
          <KeywordSuggestions items={suggestions?.[name === 'keywordsZh' ? 'zh' : 'en']} entered={list} onAdd={(tag) => addKeyword(name, tag)} testId={`details-suggest-${name}`} />
          </div>
        );
      })}
      {(['descriptionZh', 'descriptionEn'] as const).map((name) => (
        <label key={name} className={styles.field}>
          {t(`details.${name}`)}
          <textarea name={name} defaultValue={material[name]} maxLength={DETAILS_RULES.descriptionMax} rows={3} data-testid={`details-${name}`} />
        </label>
      ))}
      <label className={styles.field}>
        {t('details.category')}
        <select
          name="categoryId"
          defaultValue={material.categoryId ?? ''}
          onChange={(event) => setCategoryId(Number(event.target.value) || null)}
          data-testid="details-category"
          aria-invalid={problems.includes('category')}
        >
          <option value="">{t('details.categoryPick')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.categoryName}
            </option>
          ))}
        </select>
        {problem('category')}
      </label>
      <fieldset className={styles.people} data-testid="details-people">
        <legend>{t('details.peopleQuestion')}</legend>
        {FILTER_VALUES.people.map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="people" value={value} checked={people === value} onChange={() => setPeople(value)} data-testid={`details-people-${value}`} />
            {t(`filters.values.people.${value}`)}
          </label>
        ))}
        {problem('people')}
      </fieldset>
      <ReleasesField value={releases} onChange={setReleases} showRequired={releasesAsked} />
      <div className={styles.filters}>
        <p className={styles.hint}>{t('details.filtersLead')}</p>
        {shownFilters.map((name) => (
          <fieldset key={name} className={styles.filter} data-testid={`details-filter-${name}`}>
            <legend>{t(`filters.names.${name}`)}</legend>
            {FILTER_VALUES[name].map((value) => (
              <label key={value} className={styles.choice}>
                <input type="checkbox" checked={filters[name]?.includes(value) ?? false} onChange={() => toggle(name, value)} data-testid={`details-${name}-${value}`} />
                {t(`filters.values.${name}.${value}` as 'filters.values.people.none')}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {error && (
        <p className={styles.problem} role="alert" data-testid="details-error">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('details.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={saving} data-testid="details-save">
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}
