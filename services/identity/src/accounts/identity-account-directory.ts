import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { maskEmail, maskPhone, normaliseAccount, type DirectoryAccount } from '@mkt/contracts';
import type { AccountDirectory } from '@mkt/platform';
import { UserEntity } from '../entities/user.entity.js';

/**
 * The account directory (ACCOUNT_DIRECTORY) answered from identity's own users: a contact is
 * normalised as sign-in normalises it, so a member is invited by what they sign in with. Disabled
 * accounts are not found. Contacts leave masked.
 */
@Injectable()
export class IdentityAccountDirectory implements AccountDirectory {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async byContacts(contacts: readonly string[]): Promise<(DirectoryAccount | null)[]> {
    const wanted = contacts.map((contact) => normaliseAccount(contact));
    const phones = wanted.flatMap((account) => (account?.kind === 'phone' ? [account.value] : []));
    const emails = wanted.flatMap((account) => (account?.kind === 'email' ? [account.value] : []));
    const users = this.dataSource.getRepository(UserEntity);
    const found = [
      ...(phones.length > 0 ? await users.findBy({ phone: In(phones), disabled: false }) : []),
      ...(emails.length > 0 ? await users.findBy({ email: In(emails), disabled: false }) : []),
    ];
    return wanted.map((account) => {
      const user = account && found.find((candidate) => (account.kind === 'phone' ? candidate.phone : candidate.email) === account.value);
      return user ? toDirectoryAccount(user) : null;
    });
  }

  async byIds(userIds: readonly string[]): Promise<Map<string, DirectoryAccount>> {
    if (userIds.length === 0) return new Map();
    const users = await this.dataSource.getRepository(UserEntity).findBy({ id: In([...new Set(userIds)]) });
    return new Map(users.map((user) => [user.id, toDirectoryAccount(user)]));
  }
}

const toDirectoryAccount = (user: UserEntity): DirectoryAccount => ({
  userId: user.id,
  nickname: user.nickname,
  contact: user.phone ? maskPhone(user.phone) : user.email ? maskEmail(user.email) : '',
});
