import { z } from "zod";
import {
  arrayValue,
  countryCode,
  fieldErrors,
  objectValue,
  optional,
  optionalString,
  patternString,
  stringValue,
} from "./fields";
import { isLocalDateTime } from "./formats";
import { INVALID, NOT_INCLUDED } from "./messages";

/** Airline data (IATA) some acquirers want with travel purchases. Every field is optional. */

const iataCode = (pattern: RegExp, description: string) =>
  optional(patternString(pattern).meta({ description }));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  optional(z.enum(values, { error: fieldErrors(NOT_INCLUDED) }).meta({ description }));

const localDateTime = () =>
  optional(
    stringValue().refine(isLocalDateTime, INVALID).meta({
      description: "Local date and time, YYYY-MM-DDThh:mm:ss",
      pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
    }),
  );

export const travelLegSchema = objectValue({
  airline_code: iataCode(
    /^(?=.*[A-Z])[A-Z0-9]{2}$/,
    "IATA airline designator: two upper-case letters or digits, at least one a letter",
  ),
  stop_over_code: oneOf(
    ["O", "X", ""],
    "O or empty: stay of more than 24 hours in the originating city; X: the originating airport is a transit stop",
  ),
  flight_number: optionalString(),
  departure_date_time: localDateTime(),
  arrival_date_time: localDateTime(),
  originating_country: optional(countryCode()),
  originating_city: optionalString(),
  originating_airport_code: iataCode(/^[A-Z]{3}$/, "IATA airport code, three upper-case letters"),
  destination_country: optional(countryCode()),
  destination_city: optionalString(),
  destination_airport_code: iataCode(/^[A-Z]{3}$/, "IATA airport code, three upper-case letters"),
  coupon: optionalString().meta({ description: "Coupon number, if one was applied" }),
  class: iataCode(/^[A-Z]$/, "IATA booking class, one upper-case letter"),
});

export const travelPassengerSchema = objectValue({
  first_name: optionalString(),
  last_name: optionalString(),
});

export const airlineSchema = objectValue({
  agency_code: iataCode(/^\d{7,8}$/, "IATA agency code, 7 or 8 digits"),
  agency_name: optionalString(),
  ticket_number: iataCode(
    /^\d{14}$/,
    "14 digits: ticketing code (3), form number (4), serial number (6), check digit (1)",
  ),
  booking_number: optionalString(),
  // Spelled as in the beGateway API.
  restricted_ticked_indicator: oneOf(["0", "1"], "0 if the ticket can be returned, otherwise 1"),
  legs: optional(arrayValue(travelLegSchema)),
  passengers: optional(arrayValue(travelPassengerSchema)),
});

export const travelSchema = objectValue({
  airline: optional(airlineSchema),
});

export type Travel = z.output<typeof travelSchema>;
export type TravelInput = z.input<typeof travelSchema>;

// Response side: the request's travel data echoed back, every field present and null when it was not sent.

const echoed = () => z.string().nullable();

export const travelLegEchoSchema = z.object({
  airline_code: echoed(),
  stop_over_code: echoed(),
  flight_number: echoed(),
  departure_date_time: echoed(),
  arrival_date_time: echoed(),
  originating_country: echoed(),
  originating_city: echoed(),
  originating_airport_code: echoed(),
  destination_country: echoed(),
  destination_city: echoed(),
  destination_airport_code: echoed(),
  coupon: echoed(),
  class: echoed(),
});

export const travelEchoSchema = z
  .object({
    airline: z
      .object({
        agency_code: echoed(),
        agency_name: echoed(),
        ticket_number: echoed(),
        booking_number: echoed(),
        restricted_ticked_indicator: echoed(),
        legs: z.array(travelLegEchoSchema),
        passengers: z.array(z.object({ first_name: echoed(), last_name: echoed() })),
      })
      .nullable(),
  })
  .meta({ description: "Travel data as sent, every field present (null when not sent)" });

export type TravelEcho = z.output<typeof travelEchoSchema>;

type TravelLegEcho = z.output<typeof travelLegEchoSchema>;

const LEG_KEYS = Object.keys(travelLegEchoSchema.shape) as (keyof TravelLegEcho)[];

function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

/** The response form of validated travel data. */
export function echoTravel(travel: Travel): TravelEcho {
  const airline = travel.airline;
  if (airline === undefined) return { airline: null };
  return {
    airline: {
      agency_code: orNull(airline.agency_code),
      agency_name: orNull(airline.agency_name),
      ticket_number: orNull(airline.ticket_number),
      booking_number: orNull(airline.booking_number),
      restricted_ticked_indicator: orNull(airline.restricted_ticked_indicator),
      legs: (airline.legs ?? []).map(
        (leg) => Object.fromEntries(LEG_KEYS.map((key) => [key, orNull(leg[key])])) as TravelLegEcho,
      ),
      passengers: (airline.passengers ?? []).map((passenger) => ({
        first_name: orNull(passenger.first_name),
        last_name: orNull(passenger.last_name),
      })),
    },
  };
}
