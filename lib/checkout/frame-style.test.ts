import { describe, expect, it } from "vitest";
import { frameStyleVariables } from "./frame-style";

describe("frameStyleVariables", () => {
  it("maps beGateway's widget style onto the page's theme", () => {
    expect(
      frameStyleVariables({
        color: "#123456",
        "font-family": "Georgia, 'Times New Roman', serif",
        "border-radius": "4px",
      }),
    ).toEqual([
      ["--fg", "#123456"],
      ["--font", "Georgia, 'Times New Roman', serif"],
      ["--radius", "4px"],
    ]);
    expect(frameStyleVariables({ "background-color": "rgb(250, 250, 250)", "button-color": "navy" })).toEqual(
      [
        ["--bg", "rgb(250, 250, 250)"],
        ["--brand", "navy"],
      ],
    );
  });

  it("ignores every other property and anything that could load or escape", () => {
    expect(
      frameStyleVariables({
        "background-image": "url(https://evil.example/x.png)",
        background: "url(https://evil.example/x.png)",
        color: "red; background: url(https://evil.example/)",
        "font-family": "x}body{background:url(//evil.example)",
        "border-radius": "calc(var(--x))",
        display: "none",
        position: "fixed",
        content: '"x"',
        width: "100px",
      }),
    ).toEqual([]);
    expect(frameStyleVariables("color: red")).toEqual([]);
    expect(frameStyleVariables(null)).toEqual([]);
    expect(frameStyleVariables(["color", "red"])).toEqual([]);
    expect(frameStyleVariables({ color: 5 })).toEqual([]);
  });
});
