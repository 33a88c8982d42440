import englishMessages from 'ra-language-english';
import type { Messages } from './zh';

/** The console's own keys: type-checked against the zh tree. */
const own: Omit<Messages, 'ra'> = {
  app: {
    title: 'Lumen Stock · Console',
    login: {
      title: 'Lumen Stock · Console',
      subtitle: 'Staff sign-in',
    },
    timezone_note: 'All times are China Standard Time (UTC+8)',
    roles: {
      admin: 'Administrator',
      sales: 'Sales',
      finance: 'Finance',
      reviewer: 'Reviewer',
      'contest-manager': 'Contest manager',
    },
    gid: {
      '0': 'Buyer',
      '2': 'Contributor (signed before 2019-12-17)',
      '3': 'Contributor (signed after 2019-12-17)',
      '35': 'Contributor with material centre',
      other: 'Other (%{gid})',
    },
    protocol: {
      pending: 'Not answered',
      agreed: 'Agreed',
      rejected: 'Rejected',
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
      your_roles: 'Your roles:',
      no_roles: 'You have no role yet, please ask an administrator.',
      shortcuts: 'What you can use',
      open: 'Open',
      hints: {
        users: 'Look up registered users: account, contract and customer details',
        users_edit: 'Look up and change registered users: account, contract and customer details',
        staff: 'Manage staff accounts, roles and who is disabled',
        'audit-logs': 'Every change staff made in the console',
      },
    },
    validation: {
      username_format: 'Only letters, digits, dots, underscores and hyphens',
      roles_required: 'Choose at least one role',
    },
    audit: {
      changes: 'Changes',
      field: 'Field',
      no_changes: 'No field changed',
      empty: '(empty)',
      actions: {
        create: 'Create',
        update: 'Update',
        delete: 'Delete',
        login: 'Sign-in',
      },
    },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID',
        gid: 'Group (gid)',
        signFlag: 'Signed',
        verity: 'Verified',
        videoFlag: 'Video contributor',
        photoFlag: 'Photo contributor',
        customerId: 'Customer ID',
        customerStatus: 'Customer status',
        customerType: 'Customer type',
        projectId: 'Project ID',
        nickname: 'Nickname',
        phone: 'Phone',
        email: 'E-mail',
        protocolAgreed: 'Supplementary agreement',
        disabled: 'Disabled',
        createdAt: 'Registered (UTC+8)',
        lastLoginAt: 'Last sign-in (UTC+8)',
        q: 'Phone, e-mail or nickname',
        account: 'Phone / e-mail',
        flags: 'Status',
      },
      sections: {
        account: 'Account',
        contributor: 'Contributor and contract',
        customer: 'Customer',
      },
    },
    staff: {
      name: 'Staff member |||| Staff',
      fields: {
        id: 'ID',
        username: 'Username',
        displayName: 'Name',
        roles: 'Roles',
        disabled: 'Disabled',
        createdAt: 'Created (UTC+8)',
        password: 'Password',
        new_password: 'New password',
        q: 'Search',
      },
      helpers: {
        username: '3–64 letters, digits, dots, underscores or hyphens; cannot be changed later',
        password: 'At least 8 characters',
        new_password: 'Leave empty to keep the current password; at least 8 characters',
      },
    },
    'audit-logs': {
      name: 'Audit log entry |||| Audit log',
      fields: {
        id: 'ID',
        at: 'Time (UTC+8)',
        staffId: 'Staff ID',
        staffUsername: 'Staff member',
        action: 'Action',
        resource: 'Resource',
        resourceId: 'Record ID',
        before: 'Before',
        after: 'After',
        q: 'Search',
      },
    },
  },
};

/** English: react-admin's own messages plus the console's keys (same tree as zh). */
export const en = { ...englishMessages, ...own };
