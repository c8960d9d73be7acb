import { expect, test } from "./admin-fixtures";

// The demo shop is shared with every other spec running at the same time, so this test never saves a change:
// it checks the editor's validation and saves the settings exactly as they were.
test("settings show the webhook keys and check rules before saving", async ({ signedIn: page }) => {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Public key")).toHaveValue(/BEGIN PUBLIC KEY/);
  await expect(page.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  const threeDSecure = page.getByLabel("Verify cards with 3-D Secure");
  await expect(threeDSecure).not.toBeChecked();
  const colour = page.getByLabel("Colour");
  const originalColour = await colour.inputValue();

  await page.getByRole("button", { name: "Add a rule" }).click();
  const rule = page.getByRole("group", { name: "Rule 1" });
  await expect(rule.getByLabel("Action")).toHaveValue("force_3ds");
  await colour.fill("#12");
  await page.getByRole("button", { name: "Save settings" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "The settings could not be saved" });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Color is invalid");
  await expect(summary).toContainText("smart-routing rules need attention");
  await expect(rule).toContainText("Match must name at least one of brand");
  await expect(colour).toHaveAttribute("aria-invalid", "true");

  // A condition makes the rule valid; the order buttons move rules from the keyboard.
  await rule.getByLabel("BIN").fill("99999999");
  await page.getByRole("button", { name: "Add a rule" }).click();
  const second = page.getByRole("group", { name: "Rule 2" });
  await second.getByLabel("Action").selectOption("decline");
  await second.getByLabel("Currency").fill("xts");
  await second.getByRole("button", { name: "Move up rule 2" }).click();
  await expect(page.getByRole("group", { name: "Rule 1" }).getByLabel("Action")).toHaveValue("decline");
  await expect(page.getByRole("group", { name: "Rule 1" }).getByLabel("Currency")).toHaveValue("xts");

  // Back to the settings as they were, then save: nothing changes for the shop.
  await page.getByRole("button", { name: "Remove rule 2" }).click();
  await page.getByRole("button", { name: "Remove rule 1" }).click();
  await colour.fill(originalColour);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  // Rotating the secret key takes a second, explicit step; cancelling leaves the key alone (the demo shop's key
  // is shared with the other specs, so it is not rotated here).
  await page.getByRole("button", { name: "Rotate secret key" }).click();
  const confirm = page.getByRole("button", { name: "Yes, rotate the secret key" });
  await expect(confirm).toBeFocused();
  await expect(page.getByText("The current secret key will stop working immediately.")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rotate secret key" })).toBeFocused();

  await page.reload();
  await expect(page.getByLabel("Colour")).toHaveValue(originalColour);
  await expect(page.getByLabel("Verify cards with 3-D Secure")).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Rule 1" })).toHaveCount(0);
});
