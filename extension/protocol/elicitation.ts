/**
 * MCP elicitation in the chat (docs/ARCHITECTURE.md, MCP): a server's `elicitation/create` shown as a form
 * card. The host asks (`elicitationRequested`), the card answers (`answerElicitation`: accept with the
 * content, decline, or cancel), the host closes it (`elicitationResolved`). The requested schema is the
 * spec's restricted JSON Schema (2025-06-18, SEP-1330 enums, SEP-1034 defaults): a flat object of
 * primitive properties. The host parses the server's schema with `ElicitationSchemaSchema` (unknown keys
 * dropped) before it goes out; elicitationForm.ts turns it into fields and checks the values, on both sides.
 */
import { z } from 'zod';

const RequestIdSchema = z.string().min(1).max(200);
const Title = z.string().max(500).optional();
const Description = z.string().max(4000).optional();
const Length = z.number().int().nonnegative().max(1_000_000).optional();
const Values = z.array(z.string().max(500)).min(1).max(100);
const Choices = z.array(z.object({ const: z.string().max(500), title: z.string().max(500) })).min(1).max(100);

/** A text field, or a single-select enum: `enum` (with the older `enumNames`) or SEP-1330's `oneOf`. */
const StringProperty = z.object({
  type: z.literal('string'),
  title: Title,
  description: Description,
  minLength: Length,
  maxLength: Length,
  format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
  enum: Values.optional(),
  enumNames: z.array(z.string().max(500)).max(100).optional(),
  oneOf: Choices.optional(),
  default: z.string().max(100_000).optional(),
});

const NumberProperty = z.object({
  type: z.enum(['number', 'integer']),
  title: Title,
  description: Description,
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  default: z.number().optional(),
});

const BooleanProperty = z.object({ type: z.literal('boolean'), title: Title, description: Description, default: z.boolean().optional() });

/** A multi-select (SEP-1330): string items from `items.enum` or titled `items.anyOf`. */
const ArrayProperty = z
  .object({
    type: z.literal('array'),
    title: Title,
    description: Description,
    minItems: Length,
    maxItems: Length,
    items: z.object({ type: z.literal('string').optional(), enum: Values.optional(), anyOf: Choices.optional() }),
    default: z.array(z.string().max(500)).max(100).optional(),
  })
  .refine((p) => p.items.enum || p.items.anyOf, { message: 'a multi-select needs items.enum or items.anyOf' });

export const ElicitationPropertySchema = z.discriminatedUnion('type', [StringProperty, NumberProperty, BooleanProperty, ArrayProperty]);
export type ElicitationProperty = z.infer<typeof ElicitationPropertySchema>;

/** The requested schema: a flat object of primitive properties, in the order the server listed them. */
export const ElicitationSchemaSchema = z
  .object({
    type: z.literal('object'),
    properties: z.record(z.string().min(1).max(200), ElicitationPropertySchema),
    required: z.array(z.string().max(200)).max(100).optional(),
  })
  .refine((s) => Object.keys(s.properties).length <= 50, { message: 'at most 50 properties' });
export type ElicitationSchema = z.infer<typeof ElicitationSchemaSchema>;

const Common = {
  requestId: RequestIdSchema,
  /** The server's name as configured (the card names it). */
  server: z.string().min(1).max(200),
  message: z.string().max(10_000),
};

/** A server's request on screen: a form to fill, or (URL mode) a page to open in the browser. */
export const ElicitationRequestSchema = z.discriminatedUnion('mode', [
  z.strictObject({ ...Common, mode: z.literal('form'), schema: ElicitationSchemaSchema }),
  z.strictObject({ ...Common, mode: z.literal('url'), url: z.string().min(1).max(8192) }),
]);
export type ElicitationRequest = z.infer<typeof ElicitationRequestSchema>;

/** One value of an accepted form: text, a number, a yes/no, or a multi-select's picks. */
export const ElicitationValueSchema = z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(500)).max(100)]);
export type ElicitationValue = z.infer<typeof ElicitationValueSchema>;

/** webview → host: the card's answer; `content` only with accept (the host checks it against the schema again). */
export const ElicitationRequestMessageSchemas = [
  z.strictObject({
    type: z.literal('answerElicitation'),
    requestId: RequestIdSchema,
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string().min(1).max(200), ElicitationValueSchema).optional(),
  }),
] as const;

/** host → webview events of the card. */
export const ElicitationEventSchemas = [
  z.strictObject({ type: z.literal('elicitationRequested'), request: ElicitationRequestSchema }),
  /** Answered here, or cancelled by the server (or its timeout): the card closes. */
  z.strictObject({ type: z.literal('elicitationResolved'), requestId: RequestIdSchema }),
] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const ElicitationSnapshotFields = {
  /** The request on screen, re-sent when the view reloads. */
  pendingElicitation: ElicitationRequestSchema.optional(),
};
