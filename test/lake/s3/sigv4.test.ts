/**
 * The SigV4 signer against AWS's published vectors: the SigV4 test suite
 * (https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html: get-vanilla,
 * get-vanilla-query-order-key-case, get-header-key-duplicate; credentials AKIDEXAMPLE, region us-east-1,
 * service "service", 2015-08-30T12:36:00Z) and the S3 "GET Object" example of the S3 signing page
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
 */
import { describe, expect, it } from "vitest";
import { amzDate, authorizationHeader, canonicalRequest, uriEncode } from "../../../src/lake/s3-sigv4";

const SUITE = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const SUITE_DATE = "20150830T123600Z";
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

describe("SigV4", () => {
  it("signs get-vanilla as the test suite does", () => {
    const req = { method: "GET", path: "/", headers: { Host: "example.amazonaws.com", "X-Amz-Date": SUITE_DATE }, payloadHash: EMPTY };
    expect(canonicalRequest(req).text).toBe(["GET", "/", "", "host:example.amazonaws.com", `x-amz-date:${SUITE_DATE}`, "", "host;x-amz-date", EMPTY].join("\n"));
    expect(authorizationHeader(req, SUITE, "us-east-1", "service", SUITE_DATE)).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
  });

  it("sorts query parameters (get-vanilla-query-order-key-case)", () => {
    const req = { method: "GET", path: "/", query: { Param2: "value2", Param1: "value1" }, headers: { Host: "example.amazonaws.com", "X-Amz-Date": SUITE_DATE }, payloadHash: EMPTY };
    expect(canonicalRequest(req).text.split("\n")[2]).toBe("Param1=value1&Param2=value2");
    expect(authorizationHeader(req, SUITE, "us-east-1", "service", SUITE_DATE)).toContain("Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  });

  it("joins a repeated header's values in order (get-header-key-duplicate)", () => {
    // The suite's request sends My-Header1 three times (value2, value2, value1): one canonical line, values in order.
    const req = { method: "GET", path: "/", headers: { Host: "example.amazonaws.com", "My-Header1": "value2,value2,value1", "X-Amz-Date": SUITE_DATE }, payloadHash: EMPTY };
    expect(canonicalRequest(req).text).toContain("my-header1:value2,value2,value1\n");
    expect(authorizationHeader(req, SUITE, "us-east-1", "service", SUITE_DATE)).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;my-header1;x-amz-date, Signature=c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea",
    );
  });

  it("signs the S3 GET Object example of the S3 documentation", () => {
    const req = {
      method: "GET",
      path: "/test.txt",
      headers: { Host: "examplebucket.s3.amazonaws.com", Range: "bytes=0-9", "x-amz-content-sha256": EMPTY, "x-amz-date": "20130524T000000Z" },
      payloadHash: EMPTY,
    };
    const s3Example = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
    expect(authorizationHeader(req, s3Example, "us-east-1", "s3", "20130524T000000Z")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("encodes keys as S3 wants (every byte but unreserved; `/` kept in paths) and dates as YYYYMMDDTHHMMSSZ", () => {
    expect(uriEncode("month=2025-01/part a+b~é.parquet", true)).toBe("month%3D2025-01/part%20a%2Bb~%C3%A9.parquet");
    expect(uriEncode("a/b")).toBe("a%2Fb");
    expect(amzDate(Date.UTC(2015, 7, 30, 12, 36, 0, 123))).toBe(SUITE_DATE);
  });
});
