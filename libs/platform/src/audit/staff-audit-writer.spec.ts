import { StaffAuditLogEntity } from './staff-audit-log.entity.js';
import { auditSnapshot, staffAuditAnnouncement, staffAuditFields, staffAuditRowFromAnnouncement } from './staff-audit-writer.js';

describe('staff audit rows', () => {
  const row = Object.assign(new StaffAuditLogEntity(), {
    id: '6f1b2a57-4c6e-4d8e-9b43-3f2c1a7d9e10',
    at: new Date('2026-11-24T08:30:00.000Z'),
    staffId: '0b7a2c3d-1e2f-4a5b-8c9d-0e1f2a3b4c5d',
    staffUsername: 'finance',
    action: 'confirm',
    resource: 'orders',
    resourceId: 'a1',
    before: { status: 'paid' },
    after: { status: 'confirmed' },
  });

  it('keeps secrets out and turns dates into the strings the console shows', () => {
    expect(auditSnapshot({ username: 'sales', password: 'x', passwordHash: 'y', at: new Date('2026-01-02T03:04:05.000Z') })).toEqual({
      username: 'sales',
      password: '[redacted]',
      passwordHash: '[redacted]',
      at: '2026-01-02T03:04:05.000Z',
    });
    expect(auditSnapshot(null)).toBeNull();
    expect(auditSnapshot('text')).toBeNull();
  });

  it('announces a row so the collector stores the same row', () => {
    const announced = staffAuditAnnouncement('orders', row);
    expect(announced).toEqual({ service: 'orders', ...staffAuditFields(row) });
    expect(announced.at).toBe('2026-11-24T08:30:00.000Z');
    const { id: _id, ...fields } = row;
    expect(staffAuditRowFromAnnouncement(announced)).toEqual({ ...fields });
  });
});
