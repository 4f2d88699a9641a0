import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  GasframesError,
  InvalidParamsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  errorForStatus,
  redact,
  registerSecret,
} from "../../src/errors";

const base = { method: "POST", url: "http://127.0.0.1:1/v3/rigs" };

describe("errorForStatus", () => {
  it.each([
    [400, BadRequestError, "BAD_REQUEST"],
    [422, BadRequestError, "BAD_REQUEST"],
    [401, AuthenticationError, "AUTHENTICATION"],
    [403, PermissionDeniedError, "PERMISSION_DENIED"],
    [404, NotFoundError, "NOT_FOUND"],
    [429, RateLimitError, "RATE_LIMITED"],
    [408, ServerError, "SERVER_ERROR"],
    [500, ServerError, "SERVER_ERROR"],
    [503, ServerError, "SERVER_ERROR"],
  ])("maps %i to its class with a stable code", (status, cls, code) => {
    const err = errorForStatus("failed", { ...base, status });
    expect(err).toBeInstanceOf(cls);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(GasframesError);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.name).toBe(cls.name);
  });

  it("keeps Retry-After on a rate-limit error", () => {
    const err = errorForStatus("slow down", { ...base, status: 429, retryAfter: 7 }) as RateLimitError;
    expect(err.retryAfter).toBe(7);
  });

  it("falls back to ApiError for an unmapped status", () => {
    const err = errorForStatus("teapot", { ...base, status: 418 });
    expect(err.constructor).toBe(ApiError);
  });
});

describe("secrets never appear in errors", () => {
  const token = "tok-ERRTEST-5f3a9c";
  registerSecret(token);

  it("redacts the message, url, service message, body excerpt and cause", () => {
    const cause = new Error(`socket said ${token}`);
    const err = errorForStatus(`bad ${token}`, {
      ...base,
      url: `http://127.0.0.1:1/v3/rigs?k=${token}`,
      status: 500,
      serviceMessage: `echo ${token}`,
      bodyExcerpt: `<html>${token}</html>`,
      cause,
    });
    for (const text of [String(err), inspect(err, { depth: 5 }), JSON.stringify(err), err.stack ?? ""]) {
      expect(text).not.toContain(token);
    }
    expect(err.message).toContain("***");
  });

  it("masks a secret inside a list or object value of a parameter issue", () => {
    const err = new InvalidParamsError("lng.v1.volumeFlows", [
      { param: "origin_polygons[0][0][1]", value: [token, 1], expected: "a [longitude, latitude] pair" },
      { param: "filters", value: { key: `k=${token}` }, expected: "one of the parameters" },
      { param: "county", value: ["Reeves"], expected: "a string" },
    ]);
    for (const text of [JSON.stringify(err), JSON.stringify(err.issues), inspect(err, { depth: 8 })]) {
      expect(text).not.toContain(token);
    }
    expect(err.issues[0]!.value).toEqual(["***", 1]);
    expect(err.issues[1]!.value).toEqual({ key: "k=***" });
    expect(err.issues[2]!.value).toEqual(["Reeves"]);
  });

  it("redact leaves text without secrets unchanged", () => {
    expect(redact("nothing secret here")).toBe("nothing secret here");
  });
});

describe("InvalidParamsError", () => {
  it("names the parameter, the value, what was expected and the suggestion", () => {
    const err = new InvalidParamsError("natgas.v3.rigs", [
      { param: "sub_regoin", value: ["west"], expected: "a parameter rigs takes", suggestion: "sub_region" },
    ]);
    expect(err.code).toBe("INVALID_PARAMS");
    expect(err.message).toContain("sub_regoin");
    expect(err.message).toContain('"west"');
    expect(err.message).toContain('did you mean "sub_region"');
    expect(err.issues).toHaveLength(1);
  });
});
