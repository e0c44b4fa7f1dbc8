import {
  AUDIT_ACTION,
  BACKUP_API,
  BACKUP_KEY_HEADER,
  DEMO_FLEET,
  systemBackupDataSchema,
} from '@store-cloud/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { CompanyCredentialsCipher } from '../src/modules/companies/company-credentials.cipher';
import { CredentialsAtRestService } from '../src/modules/companies/credentials-at-rest.service';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './create-app';

const BACKUP_KEY = createHmac('sha256', TEST_JWT_SECRET)
  .update('store-cloud backup server')
  .digest('hex');
const COMPANY_PASSWORD = 'company-default-Secret-9';
const SEALED = /^v1:/;

/** Issue 23 point 5: no site password is stored, exported or restored in plain text. */
describe('secrets at rest', () => {
  let t: TestApp;
  const db = (app = t) => app.app.get<Connection>(getConnectionToken()).db!;
  const companies = () => db().collection('integrationcompanies');
  const siteCredentials = () => db().collection('sitecredentials');
  const encryptions = () =>
    db().collection('auditlog').countDocuments({ action: AUDIT_ACTION.credentialsEncrypt });
  const demo303 = DEMO_FLEET.companies.find((c) => c.companyId === 303)!;
  const store1Password = demo303.stores.find((s) => s.storeId === 1)!.siteCredentials.password;

  /** Writes passwords in plain text, as an old seed or an old backup left them. */
  const plantPlainText = async () => {
    await companies().updateOne(
      { companyId: 303 },
      {
        $set: {
          evobos: { username: 'evobos', password: COMPANY_PASSWORD },
          'stores.0.evobos.password': store1Password,
        },
      },
    );
    await siteCredentials().insertOne({
      userId: 'u-1',
      companyId: 303,
      storeId: 1,
      username: 'own',
      passwordEncrypted: 'own-plain-Secret-1',
    });
  };
  const plainTextIn = (text: string) =>
    [COMPANY_PASSWORD, store1Password, 'own-plain-Secret-1'].filter((p) => text.includes(p));

  beforeAll(async () => {
    t = await createTestApp('secrets_at_rest', {
      config: { companyDefaultUsername: 'evobos', companyDefaultPassword: COMPANY_PASSWORD },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await siteCredentials().deleteMany({});
  });

  it('the seed stores the demo fleet’s site credentials encrypted, company and store level', async () => {
    const company = await companies().findOne({ companyId: 303 });
    expect(company?.evobos?.password).toMatch(SEALED);
    expect(company?.stores[0]?.storeId).toBe(1);
    expect(company?.stores[0]?.evobos?.password).toMatch(SEALED);
    const all = JSON.stringify(await companies().find().toArray());
    for (const c of DEMO_FLEET.companies)
      for (const s of c.stores) expect(all).not.toContain(s.siteCredentials.password);
    expect(all).not.toContain(COMPANY_PASSWORD);
    // And they still open: the cipher reads what the seed wrote.
    const cipher = t.app.get(CompanyCredentialsCipher);
    expect(cipher.storePassword(303, 1, company!.stores[0]!.evobos)).toBe(store1Password);
    expect(cipher.companyPassword(303, company!.evobos)).toBe(COMPANY_PASSWORD);
  });

  it('encrypts plain text once, one audit entry per record, however many nodes run it at once', async () => {
    await plantPlainText();
    const audited = await encryptions();
    const service = t.app.get(CredentialsAtRestService);
    const runs = await Promise.all([service.encryptPlainText(), service.encryptPlainText()]);
    expect(runs[0]! + runs[1]!).toBe(3);
    expect(await encryptions()).toBe(audited + 3);
    expect(plainTextIn(JSON.stringify(await companies().find().toArray()))).toEqual([]);
    const own = await siteCredentials().findOne({ userId: 'u-1' });
    expect(own?.passwordEncrypted).toMatch(SEALED);

    // A second run changes nothing and audits nothing.
    const before = JSON.stringify(await companies().findOne({ companyId: 303 }));
    expect(await service.encryptPlainText()).toBe(0);
    expect(JSON.stringify(await companies().findOne({ companyId: 303 }))).toBe(before);
    expect(await encryptions()).toBe(audited + 3);
    const entries = await db()
      .collection('auditlog')
      .find({ action: AUDIT_ACTION.credentialsEncrypt, companies: 303 })
      .toArray();
    expect(entries.map((e) => e.target).sort()).toEqual(['303', '303/1', '303/1']);
    expect(plainTextIn(JSON.stringify(entries))).toEqual([]);
  });

  it('encrypts at start', async () => {
    await plantPlainText();
    // A second node on the same database: its start finds the plain passwords.
    const second = await createTestApp('secrets_at_rest', { seed: false });
    try {
      expect(plainTextIn(JSON.stringify(await companies().find().toArray()))).toEqual([]);
      expect((await siteCredentials().findOne({ userId: 'u-1' }))?.passwordEncrypted).toMatch(
        SEALED,
      );
    } finally {
      await second.app.close();
    }
  });

  it('exports no plain text, and a restore of an old export with plain text is encrypted', async () => {
    await plantPlainText();
    const exported = await request(t.baseUrl)
      .get(BACKUP_API.systemBackup)
      .set(BACKUP_KEY_HEADER, BACKUP_KEY)
      .expect(200);
    expect(plainTextIn(JSON.stringify(exported.body))).toEqual([]);

    // An export from before: the same data with the passwords in plain text.
    const data = systemBackupDataSchema.parse(exported.body);
    type Credentials = { password: string };
    type Doc = { companyId: number; evobos: Credentials; stores: Array<{ evobos: Credentials }> };
    const docs = data.collections.integrationcompanies!.documents as unknown as Doc[];
    const old = docs.find((d) => d.companyId === 303)!;
    old.evobos.password = COMPANY_PASSWORD;
    old.stores[0]!.evobos.password = store1Password;
    expect(plainTextIn(JSON.stringify(data))).toEqual([COMPANY_PASSWORD, store1Password]);
    await request(t.baseUrl)
      .post(BACKUP_API.systemBackup)
      .set(BACKUP_KEY_HEADER, BACKUP_KEY)
      .send({ serverName: 'old server', data })
      .expect(200);
    expect(plainTextIn(JSON.stringify(await companies().find().toArray()))).toEqual([]);
    const company = await companies().findOne({ companyId: 303 });
    expect(t.app.get(CompanyCredentialsCipher).companyPassword(303, company!.evobos)).toBe(
      COMPANY_PASSWORD,
    );
  });
});
