import FlightData
