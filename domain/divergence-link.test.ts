import { describe, expect, it } from "vitest";
import { choiceFromSearch, choiceToSearch } from "./divergence-link.ts";
import { divergenceData, fullChoice } from "./test-fixtures/divergence.ts";

const data = divergenceData();
const finishes = ["Matte Black", "Raw Steel"];
const read = (query: string) => choiceFromSearch(data, finishes, new URLSearchParams(query));

const full = fullChoice;

describe("a configuration in the address", () => {
  it("writes nothing when nothing is chosen", () => {
    expect(choiceToSearch({})).toBe("");
  });

  it("reads back what it wrote", () => {
    const search = choiceToSearch(full);
    expect(search).toBe("?species=10&size=100&edge=yes&base=Matte+Black&top=Ceramic+Coating");
    expect(read(search)).toEqual(full);
    expect(read(choiceToSearch({ speciesId: 10, sizeId: 100 }))).toEqual({ speciesId: 10, sizeId: 100 });
  });

  it("stops at the first unknown or missing step", () => {
    expect(read("species=99&size=100")).toEqual({});
    expect(read("species=abc")).toEqual({});
    expect(read("species=11&size=100")).toEqual({ speciesId: 11 });
    expect(read("species=10&size=100&edge=maybe&base=Matte+Black")).toEqual({ speciesId: 10, sizeId: 100 });
    expect(read("species=10&size=100&edge=NO&base=Gold&top=Natural+Oil")).toEqual({
      speciesId: 10,
      sizeId: 100,
      liveEdge: "No",
    });
    expect(read("species=10&size=100&edge=no&base=Raw+Steel&top=Wax")).toEqual({
      speciesId: 10,
      sizeId: 100,
      liveEdge: "No",
      baseFinish: "Raw Steel",
    });
    expect(read("size=100&edge=yes")).toEqual({});
  });

  it("chooses a size without stock, which is built to order", () => {
    expect(read("species=10&size=101&edge=yes")).toMatchObject({ speciesId: 10, sizeId: 101, liveEdge: "Yes" });
  });
});
