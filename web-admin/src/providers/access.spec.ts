import { STAFF_ROLES } from '@mkt/contracts';
import { isAllowed } from './access';

describe('console access rules', () => {
  it('lets every role read users, and only admin and sales edit them', () => {
    for (const role of STAFF_ROLES) {
      expect(isAllowed([role], 'users', 'list')).toBe(true);
      expect(isAllowed([role], 'users', 'show')).toBe(true);
      expect(isAllowed([role], 'users', 'edit')).toBe(role === 'admin' || role === 'sales');
    }
  });

  it("lets only admin, sales and finance reveal a user's contact details", () => {
    for (const role of STAFF_ROLES) {
      expect(isAllowed([role], 'users', 'reveal')).toBe(role === 'admin' || role === 'sales' || role === 'finance');
    }
  });

  it('keeps staff and audit logs for admin', () => {
    expect(isAllowed(['admin'], 'staff', 'create')).toBe(true);
    expect(isAllowed(['admin'], 'audit-logs', 'show')).toBe(true);
    expect(isAllowed(['sales', 'finance', 'reviewer', 'contest-manager'], 'staff', 'list')).toBe(false);
    expect(isAllowed(['sales'], 'audit-logs', 'list')).toBe(false);
  });

  it('lets every role read the catalogue, and only admin and reviewers change materials', () => {
    for (const role of STAFF_ROLES) {
      expect(isAllowed([role], 'materials', 'list')).toBe(true);
      expect(isAllowed([role], 'materials', 'show')).toBe(true);
      expect(isAllowed([role], 'materials', 'edit')).toBe(role === 'admin' || role === 'reviewer');
      expect(isAllowed([role], 'materials', 'create')).toBe(false);
      expect(isAllowed([role], 'materials', 'delete')).toBe(false);
    }
  });

  it('keeps the review queue for admin and reviewers', () => {
    for (const role of STAFF_ROLES) {
      for (const action of ['list', 'show', 'edit'] as const) expect(isAllowed([role], 'reviews', action)).toBe(role === 'admin' || role === 'reviewer');
      expect(isAllowed([role], 'reviews', 'delete')).toBe(false);
    }
  });

  it('lets every role read categories, topics, hot words and search synonyms, and only admin and sales curate them', () => {
    for (const resource of ['categories', 'topics', 'hot-words', 'search-synonyms']) {
      for (const role of STAFF_ROLES) {
        expect(isAllowed([role], resource, 'list')).toBe(true);
        for (const action of ['create', 'edit', 'delete']) {
          expect(isAllowed([role], resource, action)).toBe(role === 'admin' || role === 'sales');
        }
      }
    }
    expect(isAllowed(['finance', 'reviewer'], 'topics', 'edit')).toBe(false);
    expect(isAllowed(['finance', 'sales'], 'topics', 'edit')).toBe(true);
  });

  it('refuses what is not listed: deleting, editing the audit log, unknown resources, no roles', () => {
    expect(isAllowed(['admin'], 'users', 'delete')).toBe(false);
    expect(isAllowed(['admin'], 'audit-logs', 'edit')).toBe(false);
    expect(isAllowed(['admin'], 'payouts', 'list')).toBe(false);
    expect(isAllowed([], 'users', 'list')).toBe(false);
  });

  it('lets sales and finance work on orders, and finance on invoices and refunds', () => {
    for (const role of ['admin', 'sales', 'finance'] as const) expect(isAllowed([role], 'orders', 'show')).toBe(true);
    expect(isAllowed(['reviewer'], 'orders', 'list')).toBe(false);
    expect(isAllowed(['finance'], 'invoices', 'show')).toBe(true);
    expect(isAllowed(['sales'], 'invoices', 'list')).toBe(false);
    expect(isAllowed(['finance'], 'refunds', 'list')).toBe(true);
    expect(isAllowed(['admin'], 'orders', 'delete')).toBe(false);
  });

  it('lets admin and sales keep enterprise projects, finance read them, and nobody else see them', () => {
    for (const role of STAFF_ROLES) {
      const keeps = role === 'admin' || role === 'sales';
      const reads = keeps || role === 'finance';
      expect(isAllowed([role], 'projects', 'list')).toBe(reads);
      expect(isAllowed([role], 'projects', 'show')).toBe(reads);
      expect(isAllowed([role], 'projects', 'create')).toBe(keeps);
      expect(isAllowed([role], 'projects', 'edit')).toBe(keeps);
      expect(isAllowed([role], 'projects', 'delete')).toBe(false);
    }
  });

  it('keeps contributor payouts for finance and admin', () => {
    for (const role of STAFF_ROLES) {
      const finance = role === 'admin' || role === 'finance';
      expect(isAllowed([role], 'statements', 'list')).toBe(finance);
      expect(isAllowed([role], 'statements', 'show')).toBe(finance);
      expect(isAllowed([role], 'statements', 'edit')).toBe(false);
      expect(isAllowed([role], 'statements', 'delete')).toBe(false);
      expect(isAllowed([role], 'contributor-shares', 'list')).toBe(finance);
      expect(isAllowed([role], 'contributor-shares', 'edit')).toBe(finance);
      expect(isAllowed([role], 'contributor-shares', 'create')).toBe(false);
    }
  });

  it('keeps the real-name reviews for finance and admin, who decide on the show page', () => {
    for (const role of STAFF_ROLES) {
      const finance = role === 'admin' || role === 'finance';
      expect(isAllowed([role], 'real-name-reviews', 'list')).toBe(finance);
      expect(isAllowed([role], 'real-name-reviews', 'show')).toBe(finance);
      for (const action of ['edit', 'create', 'delete']) expect(isAllowed([role], 'real-name-reviews', action)).toBe(false);
    }
  });

  it('keeps bank info for finance and admin, reviewed on the show page and never edited', () => {
    for (const role of STAFF_ROLES) {
      const finance = role === 'admin' || role === 'finance';
      expect(isAllowed([role], 'bank-infos', 'list')).toBe(finance);
      expect(isAllowed([role], 'bank-infos', 'show')).toBe(finance);
      for (const action of ['edit', 'create', 'delete']) expect(isAllowed([role], 'bank-infos', action)).toBe(false);
    }
  });
});
