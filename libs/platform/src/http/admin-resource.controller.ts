import { Body, Delete, Get, Inject, Param, Post, Put, Query, Res, UseGuards, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { StaffRole } from '@mkt/contracts';
import { CurrentStaff, Roles, StaffAuthGuard, type AuthenticatedStaff } from '../auth/auth.guards.js';
import { ZodValidationPipe } from '../errors/zod-validation.pipe.js';
import { ApiZodBody } from './api-zod-body.decorator.js';
import { AdminController } from './controllers.js';
import { RawResponse } from './envelope.js';
import { parseListQuery, setContentRange, type ListQuery } from './list-query.js';
import { ResourceIdPipe } from './resource-id.pipe.js';

/** A write a console resource allows: who may do it (the resource's readers when left out) and what it does. */
interface AdminWrite {
  roles?: readonly StaffRole[];
}

/**
 * A console resource as data, in react-admin's "simple REST" shape: `GET /` (list with sort,
 * range and filter; the total in Content-Range), `GET /:id`, and the writes it declares (`POST /`,
 * `PUT /:id`, `DELETE /:id`), each checked against staff roles, with bodies validated by their zod
 * schema (a write's body must be a JSON object: `null` or another type is refused, never read as
 * an empty change). The service holds the rules and the audit; this only translates HTTP.
 */
export interface AdminResourceSpec<S, F extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** The path below /admin-api and the name in Content-Range. */
  resource: string;
  /** The OpenAPI group. */
  tag: string;
  /** The service the handlers call, injected by its class. */
  service: Type<S>;
  /**
   * What the key column holds (`z.uuid()`, `serialId()`, …): a path id that is not one answers
   * 404 before any handler runs.
   */
  id: z.ZodType;
  /** Who may read; writes default to the same roles. */
  roles: readonly StaffRole[];
  list: {
    sortable: readonly string[];
    defaultSort: [string, 'ASC' | 'DESC'];
    filter: F;
    /** The actor too: what a list may match or sort by can depend on who asks (contact details). */
    rows(service: S, query: ListQuery<z.infer<F>>, actor: AuthenticatedStaff): Promise<{ rows: unknown[]; total: number }>;
  };
  get(service: S, id: string, actor: AuthenticatedStaff): Promise<unknown>;
  create?: AdminWrite & { schema: C; run(service: S, actor: AuthenticatedStaff, body: z.infer<C>): Promise<unknown> };
  update?: AdminWrite & { schema: U; run(service: S, actor: AuthenticatedStaff, id: string, body: z.infer<U>): Promise<unknown> };
  remove?: AdminWrite & { run(service: S, actor: AuthenticatedStaff, id: string): Promise<unknown> };
}

/** The controller class for a console resource; list it in the module's controllers like a written one. */
export function adminResourceController<S, F extends z.ZodType, C extends z.ZodType = z.ZodNever, U extends z.ZodType = z.ZodNever>(
  spec: AdminResourceSpec<S, F, C, U>,
): Type<unknown> {
  const idPipe = new ResourceIdPipe(spec.id);

  @ApiTags(spec.tag)
  @AdminController(spec.resource)
  @UseGuards(StaffAuthGuard)
  @Roles(...spec.roles)
  class ResourceController {
    constructor(@Inject(spec.service) readonly service: S) {}

    @Get()
    async list(@CurrentStaff() actor: AuthenticatedStaff, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: FastifyReply) {
      const parsed = parseListQuery(query, spec.list);
      const { rows, total } = await spec.list.rows(this.service, parsed, actor);
      setContentRange(response, spec.resource, parsed, rows.length, total);
      return rows;
    }

    @Get(':id')
    get(@CurrentStaff() actor: AuthenticatedStaff, @Param('id', idPipe) id: string) {
      return spec.get(this.service, id, actor);
    }
  }

  const { create, update, remove } = spec;
  if (create) {
    route(ResourceController, 'create', [Post(), ...writeRoles(create), ApiZodBody(create.schema)], [CurrentStaff(), Body(new ZodValidationPipe(create.schema, { objectBody: true }))], function (this: ResourceController, actor: AuthenticatedStaff, body: z.infer<C>) {
      return create.run(this.service, actor, body);
    });
  }
  if (update) {
    route(ResourceController, 'update', [Put(':id'), ...writeRoles(update), ApiZodBody(update.schema)], [CurrentStaff(), Param('id', idPipe), Body(new ZodValidationPipe(update.schema, { objectBody: true }))], function (this: ResourceController, actor: AuthenticatedStaff, id: string, body: z.infer<U>) {
      return update.run(this.service, actor, id, body);
    });
  }
  if (remove) {
    route(ResourceController, 'remove', [Delete(':id'), ...writeRoles(remove)], [CurrentStaff(), Param('id', idPipe)], function (this: ResourceController, actor: AuthenticatedStaff, id: string) {
      return remove.run(this.service, actor, id);
    });
  }
  // Logs, the route table and the OpenAPI document name the controller after its resource.
  Object.defineProperty(ResourceController, 'name', { value: `Admin${pascalCase(spec.resource)}Controller` });
  return ResourceController;
}

function writeRoles(write: AdminWrite): MethodDecorator[] {
  return write.roles ? [Roles(...write.roles)] : [];
}

/** Adds a handler the spec declares, decorated as if it had been written in the class. */
function route(
  target: Type<unknown>,
  name: string,
  methodDecorators: MethodDecorator[],
  paramDecorators: ParameterDecorator[],
  handler: (...args: never[]) => unknown,
): void {
  const prototype = target.prototype as object;
  Object.defineProperty(prototype, name, { value: handler, writable: true, configurable: true });
  paramDecorators.forEach((decorate, index) => decorate(prototype, name, index));
  // No pipe here reads the parameter types; the metadata keeps Nest from warning that they are missing.
  Reflect.defineMetadata('design:paramtypes', paramDecorators.map(() => Object), prototype, name);
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
  // Added after the class's @AdminController() ran, so it marks this handler raw itself.
  for (const decorate of [RawResponse(), ...methodDecorators].reverse()) decorate(prototype, name, descriptor);
}

function pascalCase(resource: string): string {
  return resource.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
}
