// Anonymous usage events the command-line client sends (a JSON array per batch). The shape is closed: a field
// outside this list is refused, so an event cannot smuggle arguments, paths or credentials.
import {z} from 'zod';

export const TelemetryEvent = z
  .object({
    event: z.string().min(1).max(100),
    command: z.string().max(50).optional(),
    success: z.boolean().optional(),
    cliVersion: z.string().max(50),
    platform: z.string().max(20),
    arch: z.string().max(20),
    anonymousId: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 hex digest'),
    clientTimestamp: z.iso.datetime(),
  })
  .strict()
  .meta({id: 'TelemetryEvent'});
export type TelemetryEvent = z.infer<typeof TelemetryEvent>;

export const TelemetryBatch = z.array(TelemetryEvent).min(1).max(100).meta({id: 'TelemetryBatch'});

export const StoredTelemetryEvent = TelemetryEvent.extend({receivedAt: z.string()}).meta({id: 'StoredTelemetryEvent'});
