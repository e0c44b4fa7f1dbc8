import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/*
 * A WebAuthn authenticator in software for the passkey tests: real ES256 (P-256) key pairs from
 * node's crypto, an attestation of format 'none' and assertions built byte by byte as the WebAuthn
 * specification lays them out (authenticator data, CBOR, COSE key, DER signature). Nothing of
 * @simplewebauthn is used here: the backend's verifier sees what a browser would send.
 */

const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// --- A CBOR encoder for what attestation needs: maps, byte and text strings, integers. ---
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/** The COSE_Key of an EC2 P-256 public key for ES256 (RFC 9053). */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  /** The WebAuthn user handle (base64url), as the registration options gave it. */
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface AnswerChoices {
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The user verification flag (default true: the PIN or fingerprint was given). */
  userVerified?: boolean;
  /** The counter to report instead of the next one. */
  counter?: number;
  /** The relying party id to hash instead of the options'. */
  rpId?: string;
  /** Sign with this key instead of the credential's (a forged answer). */
  signWith?: KeyObject;
  /** Leave out the user handle (as an authenticator may for a non-discoverable sign-in). */
  withoutUserHandle?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new resident credential, attested with format none. */
  register(options: CreationOptions, choices: AnswerChoices = {}) {
    const rpId = choices.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: SoftCredential = {
      id: randomBytes(32),
      privateKey,
      publicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, choices);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG.up | (choices.userVerified === false ? 0 : FLAG.uv) | FLAG.at]),
      Buffer.alloc(4), // signCount 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKeyOf(publicKey),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by `credential` (default: the first one the
   * options allow, or the first held), its counter raised by one.
   */
  assert(options: RequestOptions, credential?: SoftCredential, choices: AnswerChoices = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const chosen =
      credential ??
      this.credentials.find((c) => !allowed.length || allowed.includes(b64url(c.id))) ??
      this.credentials[0];
    if (!chosen) throw new Error('the software authenticator holds no credential');
    const counter = choices.counter ?? ++chosen.counter;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, choices);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authData = Buffer.concat([
      sha256(choices.rpId ?? options.rpId ?? chosen.rpId),
      Buffer.from([FLAG.up | (choices.userVerified === false ? 0 : FLAG.uv)]),
      count,
    ]);
    // ECDSA over authData || SHA-256(clientDataJSON), DER-encoded as WebAuthn wants it.
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      choices.signWith ?? chosen.privateKey,
    );
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(choices.withoutUserHandle ? {} : { userHandle: chosen.userHandle }),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, choices: AnswerChoices): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: choices.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}
