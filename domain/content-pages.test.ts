import { describe, expect, it } from "vitest";
import type { Campaign, MediaPost } from "./catalog-types.ts";
import { campaignImage, mediaFeed, otherProjects, projectFacts, startingPrice } from "./content-pages.ts";

describe("otherProjects", () => {
  const all = [1, 2, 3, 4, 5, 6].map((id) => ({ id }));
  it("leaves out the current project and keeps at most four", () => {
    expect(otherProjects(all, 2).map((p) => p.id)).toEqual([1, 3, 4, 5]);
  });
  it("returns fewer when there are fewer", () => {
    expect(otherProjects(all.slice(0, 2), 1).map((p) => p.id)).toEqual([2]);
  });
});

describe("projectFacts", () => {
  it("lists species and year only when present", () => {
    expect(projectFacts({ species: "Black Walnut", year: 2025 })).toEqual([
      { label: "Species", value: "Black Walnut" },
      { label: "Year", value: "2025" },
    ]);
    expect(projectFacts({ species: null, year: null })).toEqual([]);
    expect(projectFacts({ species: " ", year: 2020 })).toEqual([{ label: "Year", value: "2020" }]);
  });
});

describe("mediaFeed", () => {
  const post = (id: number, date: string) => ({ id, date }) as MediaPost;
  const campaign = (campaignId: string, createdDate: string) => ({ campaignId, createdDate }) as Campaign;
  it("merges posts and campaigns newest first", () => {
    const feed = mediaFeed(
      [post(1, "2024-12-05T00:00:00Z"), post(2, "2025-06-24T00:00:00Z")],
      [campaign("a", "2025-01-10T00:00:00Z"), campaign("b", "garbage")],
    );
    expect(feed.map((i) => i.key)).toEqual(["post-2", "campaign-a", "post-1", "campaign-b"]);
  });
  it("is empty when both are", () => {
    expect(mediaFeed([], [])).toEqual([]);
  });
});

describe("campaignImage", () => {
  it("reads stored media paths, outside https addresses, and nothing else", () => {
    expect(campaignImage("images/media/campaign-x.jpg")).toEqual({ kind: "media", fileName: "campaign-x.jpg" });
    expect(campaignImage("/images/media/campaign-x.jpg")).toEqual({ kind: "media", fileName: "campaign-x.jpg" });
    expect(campaignImage("https://cdn.example.com/a.png")).toEqual({
      kind: "url",
      url: "https://cdn.example.com/a.png",
    });
    expect(campaignImage("images/media/../secret")).toBeNull();
    expect(campaignImage("http://insecure.example.com/a.png")).toBeNull();
    expect(campaignImage("")).toBeNull();
  });
});

describe("startingPrice", () => {
  it("is the lowest size price, or null without sizes", () => {
    expect(startingPrice([{ price: 9800 }, { price: 8400 }, { price: 14500 }])).toBe(8400);
    expect(startingPrice([])).toBeNull();
  });
});
