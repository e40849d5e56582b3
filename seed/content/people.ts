import type { SeedEmployee, SeedTestimonial } from "../types.ts";
import { img, slug } from "./helpers.ts";

export const testimonials: SeedTestimonial[] = [
  {
    message:
      "We walked the slab yard with Leah on a Saturday morning and picked the walnut pair ourselves. Ten weeks later the table was in our dining room, and it is more beautiful than the photos she sent along the way.",
    rating: 5,
    author: "Maria T., Doylestown",
  },
  {
    message:
      "The team delivered and set a 300-pound table up a turning stair without a scratch on the wood or the walls. Every detail, from the butterfly keys to the leveling feet, was thought through.",
    rating: 5,
    author: "James and Priya K., Lititz",
  },
  {
    message:
      "I ordered the Divergence table in white oak with a brass base. The configurator made it easy, and the finished table is exactly what I chose, down to the grain.",
    rating: 5,
    author: "Daniel R., Bethlehem",
  },
  {
    message:
      "Our coffee table took a little longer than quoted because they wanted the slab to dry one more month. They were right: two winters on, it has not moved at all.",
    rating: 4,
    author: "Hannah W., West Chester",
  },
  {
    message:
      "They turned the cherry tree we lost in a storm into a bench and a set of cutting boards for each of our children. I did not expect to cry over a cutting board.",
    rating: 5,
    author: "Ruth S., Kutztown",
  },
  {
    message:
      "We commissioned a conference table for our office. Clear communication, honest pricing, and a piece of furniture people actually talk about.",
    rating: 5,
    author: "Marcus L., Reading",
  },
  {
    message:
      "The bowls and boards make the best gifts. Beautifully finished, and the little card with the story of the tree is a lovely touch.",
    rating: 5,
    author: "Emily C., Phoenixville",
  },
  {
    message:
      "A beautiful floating staircase. Installation ran a day past the schedule, but the crew cleaned up every evening and the result is stunning.",
    rating: 4,
    author: "Tom and Grace B., Chadds Ford",
  },
];

type EmployeeInput = Omit<SeedEmployee, "images">;

function employee(input: EmployeeInput): SeedEmployee {
  return { ...input, images: [img(`${slug(input.name)}.jpg`, { kind: "portrait" })] };
}

export const employees: SeedEmployee[] = [
  employee({
    name: "Leah Brubaker",
    position: "Founder and Lead Designer",
    description:
      "Leah founded the studio in 2012 after a decade raising timber frames. She designs every piece, walks every client through the slab yard, and still runs the saw mill when a special log comes in.",
  }),
  employee({
    name: "Tomás Ferreira",
    position: "Shop Foreman",
    description:
      "Tomás trained as a cabinetmaker in Porto before moving to Reading. He runs the bench room, cuts most of our dovetails and butterfly keys by hand, and has never met a joint he could not make tighter.",
  }),
  employee({
    name: "Jonah Keim",
    position: "Sawyer and Lumber Manager",
    description:
      "Jonah brings in the logs, mills them, stickers them and keeps the moisture log for every slab in the barn. He grew up three farms over and knows which township crews to call when a big tree is coming down.",
  }),
  employee({
    name: "Aisha Grant",
    position: "Finishing Specialist",
    description:
      "Aisha oils, waxes and ceramic-coats everything that leaves the studio, and is the reason our tops feel the way they do. Before joining us she restored antique furniture in Philadelphia for eight years.",
  }),
  employee({
    name: "Marcus Hill",
    position: "Metal Fabricator",
    description:
      "Marcus designs, welds and finishes our steel bases in the shop behind the barn. A former ironworker, he can bend a hairpin leg by eye and still checks every weld twice.",
  }),
];
