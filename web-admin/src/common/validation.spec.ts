import { projectCreateSchema, staffCreateSchema, staffUpdateSchema, userAdminUpdateSchema } from '@mkt/contracts';
import { validateWith } from './validation';

describe('validateWith (contract schemas as form validation)', () => {
  const validateCreate = validateWith(staffCreateSchema, {
    username: { invalid_format: 'app.validation.username_format' },
    roles: { too_small: 'app.validation.roles_required' },
  });

  it('accepts a valid new staff member', () => {
    expect(validateCreate({ username: 'li.na', displayName: '李娜', password: 'secret123', roles: ['sales'] })).toEqual({});
  });

  it('maps each issue to a translated react-admin message', () => {
    expect(validateCreate({ username: null, displayName: '  ', password: 'short', roles: [] })).toEqual({
      username: 'ra.validation.required',
      displayName: 'ra.validation.required',
      password: { message: 'ra.validation.minLength', args: { min: 8 } },
      roles: 'app.validation.roles_required',
    });
    expect(validateCreate({ username: 'bad name!', displayName: 'x', password: 'secret123', roles: ['admin'] })).toEqual({
      username: 'app.validation.username_format',
    });
  });

  it('lets an edit form leave the optional password empty', () => {
    const validateUpdate = validateWith(staffUpdateSchema, {}, ({ password, ...rest }) =>
      password ? { ...rest, password } : rest,
    );
    expect(validateUpdate({ displayName: '李娜', roles: ['sales'], disabled: false, password: null })).toEqual({});
    expect(validateUpdate({ displayName: '李娜', roles: ['sales'], disabled: false, password: 'abc' })).toEqual({
      password: { message: 'ra.validation.minLength', args: { min: 8 } },
    });
  });

  it('checks number ranges and ignores fields the schema does not know', () => {
    const validateUser = validateWith(userAdminUpdateSchema);
    expect(validateUser({ id: 'u1', phone: '13800000000', customerStatus: 12, nickname: '小王' })).toEqual({
      customerStatus: { message: 'ra.validation.maxValue', args: { max: 9 } },
    });
    expect(validateUser({ customerStatus: null, customerId: null, gid: 35 })).toEqual({});
  });

  it('asks for whole numbers and for a choice in an empty select', () => {
    const validateProject = validateWith(projectCreateSchema);
    const project = {
      id: 'PRJ-2026-07',
      name: '品牌片',
      customerId: 'C-1',
      companyName: '星河传媒',
      status: 1,
      videoBranches: 10,
      photoBranches: 0,
      projectType: 'advertising',
      region: 'mainland',
      duration: '1y',
      purpose: '品牌宣传片',
      validUntil: null,
    };
    expect(validateProject(project)).toEqual({});
    expect(validateProject({ ...project, videoBranches: 1.5, photoBranches: -1, region: null, duration: '' })).toEqual({
      videoBranches: 'app.validation.integer',
      photoBranches: { message: 'ra.validation.minValue', args: { min: 0 } },
      region: 'ra.validation.required',
      duration: 'ra.validation.required',
    });
  });
});
